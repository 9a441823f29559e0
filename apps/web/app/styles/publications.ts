// Styles of the explore page (chips, the super users' status filter), imported by its route module so
// that they load with it only. The filter dialog, the publication pages and the cart dialog have their own files.
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
