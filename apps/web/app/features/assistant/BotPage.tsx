import { LIMITS } from '@eco/domain/constants';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconMessageCirclePlus, IconRobot, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useIsSignedIn } from '../../lib/session';
import { CaptchaField, type CaptchaHandle } from '../captcha/CaptchaField';
import { askAssistant } from './ask-assistant';
import { currentHumanGrant } from './human-grant-store';
import classes from './Bot.module.css';
import { ChatMessage } from './ChatMessage';
import type { ChatEntry } from './conversation';
import { appendEntries, botEntry, errorEntry, EXAMPLE_QUESTIONS } from './conversation';
import { getConversation, saveConversation, useConversation } from './conversation-store';
import { SignInNotice } from './SignInNotice';
import { SuggestionChips } from './SuggestionChips';

export const EMPTY_STATE_TEXT =
  'Hola, soy el asistente de EcoAnuncios. Pregúntame dónde reciclar, qué eventos y cursos hay cerca, quién regala ' +
  'materiales o cómo funciona el sitio.';

/**
 * The assistant chat. With JavaScript the conversation lives in the tab (sessionStorage) and each message goes to
 * POST /api/io; without it each message is a form post that the route's action answers with the whole
 * conversation, which travels back in a hidden field.
 */
export function BotPage({
  posted,
  signInNeeded = null,
}: {
  posted: ChatEntry[] | null;
  /** A guest's form post without JavaScript: they must sign in; what they wrote stays in the input. */
  signInNeeded?: { draft: string } | null;
}) {
  const stored = useConversation();
  const conversation = posted ?? stored;
  const [draft, setDraft] = useState(signInNeeded?.draft ?? '');
  const [waiting, setWaiting] = useState(false);
  const guest = !useIsSignedIn();
  // A ref, read when a message is sent: a message sent right after the page came alive still finds the widget.
  const captcha = useRef<CaptchaHandle | null>(null);
  // Decided once per visit: switching the widget's `auto` while it works would make it start over.
  const [solveOnLoad] = useState(() => currentHumanGrant() === null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timelineRef = useRef<HTMLOListElement>(null);
  const history = posted === null ? '' : JSON.stringify(posted);
  const last = conversation.at(-1);

  // A new answer is read from its beginning; then the visitor can type again at once.
  useEffect(() => {
    if (last?.from !== 'bot') return;
    timelineRef.current?.lastElementChild?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [last]);
  useEffect(() => {
    if (!waiting && conversation.length > 0) inputRef.current?.focus({ preventScroll: true });
  }, [waiting, conversation.length]);

  async function send(text: string): Promise<void> {
    const message = text.trim();
    if (message === '' || waiting) return;
    saveConversation(appendEntries(getConversation(), { from: 'user', message }));
    setDraft('');
    setWaiting(true);
    try {
      const reply = await askAssistant(message, guest ? { captcha: captcha.current } : null);
      saveConversation(appendEntries(getConversation(), botEntry(reply)));
    } catch (error) {
      saveConversation(appendEntries(getConversation(), errorEntry(errorMessage(error))));
    } finally {
      setWaiting(false);
    }
  }

  const ask = (text: string) => void send(text);

  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconRobot size={28} aria-hidden />
          <Title order={1} size="h3">
            Asistente Virtual
          </Title>
        </Group>
        {conversation.length > 0 && (
          <Button
            component="a"
            href="/bot"
            variant="subtle"
            size="compact-sm"
            leftSection={<IconMessageCirclePlus size={16} aria-hidden />}
            onClick={(event) => {
              event.preventDefault();
              saveConversation([]);
              setDraft('');
              inputRef.current?.focus();
            }}
          >
            Nueva conversación
          </Button>
        )}
      </Group>

      {conversation.length === 0 && !waiting ? (
        <Stack gap="sm" className={classes.empty}>
          <Text>{EMPTY_STATE_TEXT}</Text>
          <SuggestionChips
            label="Preguntas de ejemplo"
            questions={EXAMPLE_QUESTIONS}
            history={history}
            onAsk={ask}
            disabled={waiting}
          />
        </Stack>
      ) : null}

      {/* The log is a wrapper: on the list itself its role would hide the list, leaving each message an <li>
          outside any list. */}
      <div className={classes.log} role="log" aria-label="Conversación con el asistente" aria-live="polite">
        <ol ref={timelineRef} className={classes.timeline}>
          {conversation.map((entry, index) => (
            <ChatMessage
              key={index}
              entry={entry}
              last={index === conversation.length - 1 && !waiting}
              history={history}
              onAsk={ask}
              disabled={waiting}
            />
          ))}
          {waiting && (
            <li className={classes.row}>
              <div className={`${classes.bubble} ${classes.botBubble} ${classes.typing}`} role="status">
                <VisuallyHidden>El asistente está escribiendo…</VisuallyHidden>
                <span aria-hidden className={classes.dot} />
                <span aria-hidden className={classes.dot} />
                <span aria-hidden className={classes.dot} />
              </div>
            </li>
          )}
        </ol>
      </div>

      {signInNeeded !== null ? (
        <SignInNotice />
      ) : (
        guest && (
          <noscript>
            <SignInNotice />
          </noscript>
        )
      )}

      <form
        method="post"
        action="/bot"
        className={classes.composer}
        onSubmit={(event) => {
          event.preventDefault();
          void send(draft);
        }}
      >
        <input type="hidden" name="history" value={history} />
        <TextInput
          id="bot-message"
          label="Tu mensaje para el asistente"
          classNames={{ label: classes.hiddenLabel }}
          ref={inputRef}
          name="interaction"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          placeholder="Escribe tu pregunta…"
          autoComplete="off"
          enterKeyHint="send"
          required
          pattern=".*\S.*"
          maxLength={LIMITS.botMessage.max}
          disabled={waiting}
          className={classes.input}
          size="md"
          radius="xl"
        />
        <ActionIcon type="submit" size={42} radius="xl" aria-label="Enviar" disabled={waiting}>
          <IconSend size={20} aria-hidden />
        </ActionIcon>
      </form>
      {guest && (
        // With a current grant the next message needs no proof of work: solve only if the grant is refused.
        <CaptchaField ref={captcha} action="assistant" invisible solveOnLoad={solveOnLoad} />
      )}
    </Stack>
  );
}
