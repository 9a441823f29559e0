// Select dropdowns (settings page): Popover before Combobox, which builds on it.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
