import type { SubmissionResult } from '@conform-to/react';
import type { Notice } from './notice';

/** What a form's action answers when the form is shown again: its values and errors, and a notice. */
export type FormAnswer = {
  result: SubmissionResult<string[]>;
  notice?: Notice;
};
