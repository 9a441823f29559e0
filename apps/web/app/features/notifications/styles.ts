// Mantine styles the notification views need beyond the shell's (see styles/mantine.ts); loaded with them only.
import '@mantine/core/styles/Alert.css';
