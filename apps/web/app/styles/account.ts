// Styles of the account pages (sign-in, panel, settings), imported by their route modules so that they load with
// those pages only. The building blocks they rely on (Input, Paper, Button…) are already in styles/mantine.ts.
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Checkbox.css';
