// Mantine styles the notification views need beyond the shell's (see styles/mantine.ts); loaded with them only.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Pagination.css';
