// Styles of the contact-cart dialog, loaded with its chunk (the dialog opens from any page).
import '@mantine/core/styles/Avatar.css';
