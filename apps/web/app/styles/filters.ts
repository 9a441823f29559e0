// Styles of the explore filter dialog, loaded with its chunk: Select dropdowns, and MultiSelect's pills input.
import './select';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
