import type { ExploreQuery } from '../publications/publications-query';

/** The criteria as a GET form's hidden fields (name, value), so that a form sent without scripts keeps them. */
export function hiddenCriteria(query: ExploreQuery): [string, string][] {
  const fields: [string, string | undefined][] = [
    ['what', query.what],
    ['term', query.term],
    ['country', query.country],
    ['province', query.province],
    ['city', query.city],
    ['status', query.status],
    ...query.labels.map((label): [string, string] => ['labels', label]),
    ['when', query.when],
    ['from', query.from],
    ['to', query.to],
    ['past', query.past ? '1' : undefined],
  ];
  return fields.filter((field): field is [string, string] => !!field[1]);
}
