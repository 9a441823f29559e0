import { data } from 'react-router';

// Unknown paths: the thrown 404 renders the root error page and sets the HTTP status of the document.
export function loader(): never {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
