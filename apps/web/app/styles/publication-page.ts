// Styles of the publication and tip pages: the two-column grid and the author's avatar.
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Avatar.css';
