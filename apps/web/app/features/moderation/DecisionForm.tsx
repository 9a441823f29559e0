import { Button, type ButtonProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { useConfirm } from '../../components/dialogs/dialogs-context';
import { ActionNotice } from '../../lib/forms/ActionNotice';
import type { Notice } from '../../lib/forms/notice';
import type { Decision } from './decisions';

type DecisionFormProps = {
  decision: Decision;
  targetId: string;
  /** More fields of the decision (the reports' target type). */
  fields?: Record<string, string>;
  /** Asked first once the page's scripts run ('¿Reactivar a …?'). */
  confirmation?: { title: string; message: string };
  children: ReactNode;
} & Pick<ButtonProps, 'color' | 'variant'>;

/** A decision without a reason: one button that posts it to the desk's action. */
export function DecisionForm({
  decision,
  targetId,
  fields = {},
  confirmation,
  children,
  ...button
}: DecisionFormProps) {
  const fetcher = useFetcher<{ notice?: Notice }>();
  const confirm = useConfirm();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!confirmation) return;
    event.preventDefault();
    const form = event.currentTarget;
    void confirm(confirmation).then((yes) => {
      if (yes) void fetcher.submit(form);
    });
  }

  return (
    <fetcher.Form method="post" onSubmit={onSubmit} style={{ display: 'contents' }}>
      <input type="hidden" name="decision" value={decision} />
      <input type="hidden" name="targetId" value={targetId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ActionNotice notice={fetcher.data?.notice} />
      <Button type="submit" size="xs" loading={fetcher.state !== 'idle'} {...button}>
        {children}
      </Button>
    </fetcher.Form>
  );
}
