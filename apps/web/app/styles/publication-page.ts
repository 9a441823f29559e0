// Styles of the publication and tip pages: the two-column grid (the author's avatar is in styles/mantine.ts).
import '@mantine/core/styles/Grid.css';
