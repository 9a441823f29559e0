export interface QuestionReference {
  /** Route of the app the reference links to, e.g. '/terms'. */
  to: string;
  title: string;
  description: string;
}

/** An FAQ entry; the virtual assistant answers from these too. */
export interface Question {
  key: string;
  question: string;
  answer: string;
  references: QuestionReference[];
}
