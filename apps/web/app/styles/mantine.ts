// Per-component Mantine styles instead of the whole library (about a quarter of the CSS). Order matters:
// globals first, then building blocks (UnstyledButton, Paper, Overlay, ModalBase, Input…) before the
// components built on them. A component used by a later feature needs its file added here, unless only a lazily
// loaded module or one route uses it: that module imports the file itself (WaitingOverlay, the dialogs, the drawer,
// the notices, the questions page), so the styles load with its chunk.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Badge.css';
// The account pages, the publication pages and the cart show avatars: in the root stylesheet (0.4 KB) rather than in
// a group of the guest pages' chunks, which those other pages would then load whole for it.
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/List.css';
// Pagination: the explore list, the profile, the dashboards and the notifications drawer. In the root stylesheet
// (0.7 KB) rather than in a group of chunks: there it made a render-blocking file of its own on explore.
import '@mantine/core/styles/Pagination.css';
