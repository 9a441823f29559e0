// Mantine styles of the rating views beyond the shell's (see styles/mantine.ts); loaded with the profile only.
import '@mantine/core/styles/Progress.css';
