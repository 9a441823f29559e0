/** Green notice of a saved profile or payment details (section 8). */
export const SAVED_MESSAGE = '¡Todo correcto!';
