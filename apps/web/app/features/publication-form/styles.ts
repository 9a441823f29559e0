// Styles of the publication form and of the user's publication list, loaded with those pages only. Order matters:
// the building blocks (Popover, Combobox, Input…) come before the components built on them.
import '../../styles/select';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Image.css';
import '@mantine/dates/styles.css';
