import type { SessionData } from '@eco/domain';
import { getCategory } from '@eco/domain';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, apiRequest } from '../../lib/api-client';
import { notifyError, notifySaved } from '../../lib/notify';
import { MY_PUBLICATIONS_PATH } from '../my-publications/my-publications-query';
import { fieldErrorsFromApiMessage, formSchemaFor } from './publication-form-schema';
import { useSessionLoss } from './publication-form-session';
import type { PublicationFormValues } from './publication-form-values';
import { isFieldRequired } from './publication-form-values';
import { takeTypedValues } from '../../lib/forms/typed-before-hydration';
import { useHydrated } from '../../lib/forms/use-hydrated';
import { useSchemaForm } from './use-schema-form';
import { CaptchaField, type CaptchaHandle } from '../captcha/CaptchaField';
import { useWaiting } from '../../components/waiting/waiting-context';
import { SAVE_MESSAGES } from './messages';
import { PublicationDetailsForm } from './PublicationDetailsForm';
import { TypeGrid } from './TypeGrid';

type PublicationEditorProps = {
  /** Null once the session is gone: the form stays until the redirect to /auth. */
  session: SessionData | null;
  initialValues: PublicationFormValues;
} & ({ mode: 'create' } | { mode: 'edit'; publicationId: string; publicationTitle: string });

type Step = 'type' | 'details';

/** How long a submit waits for a captcha still at work before it goes without one. */
const CAPTCHA_WAIT_MS = 3000;

/**
 * The two-step publication form: the type grid, then the details. Validation follows the domain's schema (active
 * after the first submit, then field by field); a lost session ends in /auth after the spec's delay.
 */
export function PublicationEditor(props: PublicationEditorProps) {
  const { session, initialValues, mode } = props;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const waiting = useWaiting();
  const { lost, sessionLost } = useSessionLoss(session);
  // Who opened the form decides what it offers, even while a lost session is on its way out.
  const [isSuperUser] = useState(session?.user.isSuperUser ?? false);
  // A tip stays a tip (super users only); anything else is one of the listing types.
  const [schema] = useState(() => formSchemaFor(initialValues.typed));
  const isTip = initialValues.typed === 'tips';
  const { form, onSubmit } = useSchemaForm(schema, { initialValues });
  const [step, setStep] = useState<Step>(initialValues.typed ? 'details' : 'type');
  const [uploading, setUploading] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaHandle | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  const questionId = useId();
  const headingId = useId();
  const messages = SAVE_MESSAGES[mode];
  const fieldNames = useMemo(() => Object.keys(initialValues), [initialValues]);
  const { typed } = form.values;

  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // What was typed into the server's HTML before the scripts ran is put back into the form's state.
    for (const [name, value] of Object.entries(takeTypedValues(formRef.current))) {
      if (name in initialValues) form.setFieldValue(name as keyof PublicationFormValues, value as never);
    }
    // Once, when the form first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // Moving between the steps replaces the page's content: screen readers start again at its heading.
    if (shownStep.current !== step) headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  function next() {
    if (!typed) return;
    // Types that require a quantity start with it switched on.
    if (isFieldRequired(typed, 'quantity') && !form.values.hasQuantity)
      form.setFieldValue('hasQuantity', true);
    // After a first submit, the new type's requirements show at once (before it, validation stays silent).
    form.validate();
    setStep('details');
  }

  function changeType() {
    form.setFieldValue('typed', null);
    setStep('type');
  }

  const submit = onSubmit(async (data) => {
    if (uploading || lost) return;
    // The captcha is only a signal for the moderators here: a slow or failed one never holds the form back.
    const captchaToken =
      props.mode === 'create' && captcha
        ? await Promise.race([
            captcha.token().catch(() => undefined),
            new Promise<undefined>((resolve) => setTimeout(resolve, CAPTCHA_WAIT_MS)),
          ])
        : undefined;
    try {
      await waiting.run(
        () =>
          props.mode === 'create'
            ? apiRequest('/api/publications', { method: 'POST', body: { ...data, captcha: captchaToken } })
            : apiRequest(`/api/publication/${encodeURIComponent(props.publicationId)}`, {
                method: 'PUT',
                body: data,
              }),
        messages.waiting,
      );
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 401) {
        sessionLost();
      } else if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) {
        form.setErrors(fieldErrorsFromApiMessage(error.message, fieldNames));
        notifyError(error.message, { title: messages.failed });
      } else {
        notifyError(messages.failed);
      }
      return;
    }
    notifySaved(messages.saved);
    // The list opens on its first page, newest first: a new publication is at the top.
    await navigate(MY_PUBLICATIONS_PATH);
  });

  // After a refused submit, the keyboard and screen reader land on the first field to fix.
  function submitAndFocus(event: FormEvent<HTMLFormElement>) {
    const formElement = event.currentTarget;
    submit(event);
    requestAnimationFrame(() => formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  const category = typed ? getCategory(typed) : null;
  const heading =
    props.mode === 'edit'
      ? `Editando ${props.publicationTitle}`
      : step === 'details' && category
        ? `Nuevo anuncio: ${category.title}`
        : 'Nuevo anuncio';

  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <Title
        order={1}
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        style={{ outline: 'none', overflowWrap: 'anywhere' }}
      >
        {heading}
      </Title>
      <fieldset disabled={lost} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {step === 'type' ? (
          <Stack gap="md">
            <Text id={questionId} fw={600} size="lg">
              ¿Qué quieres publicar?
            </Text>
            <TypeGrid
              value={typed === 'tips' ? null : typed}
              onChange={(value) => form.setFieldValue('typed', value)}
              labelId={questionId}
            />
            <Group justify="flex-end">
              {!typed && (
                <Text size="sm" c="dimmed">
                  Elige un tipo de anuncio para continuar.
                </Text>
              )}
              <Button
                onClick={next}
                disabled={!typed}
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Siguiente
              </Button>
            </Group>
          </Stack>
        ) : (
          <form ref={formRef} onSubmit={submitAndFocus} noValidate aria-labelledby={headingId}>
            <Stack gap="md">
              <Group justify="space-between" gap="sm">
                {category && (
                  <Badge size="lg" variant="light" color={category.color} c="dark.8">
                    {category.title}
                  </Badge>
                )}
                {!isTip && (
                  <Button
                    variant="subtle"
                    onClick={changeType}
                    leftSection={<IconArrowLeft size={18} aria-hidden />}
                  >
                    Cambiar tipo
                  </Button>
                )}
              </Group>
              <PublicationDetailsForm
                form={form}
                isSuperUser={isSuperUser}
                disabled={lost}
                onUploadingChange={setUploading}
                onSessionLost={sessionLost}
              />
              {mode === 'create' && <CaptchaField ref={setCaptcha} action="publication" />}
              <Group justify="flex-end" gap="sm">
                {mode === 'edit' && (
                  <Button component={Link} to={MY_PUBLICATIONS_PATH} variant="default">
                    Cancelar
                  </Button>
                )}
                <Button
                  type="submit"
                  loading={form.submitting}
                  // The images need the page's scripts, and so does the save: until they run, a tap (or Enter in a
                  // field) waits here instead of sending a half form and losing what was typed.
                  disabled={uploading || !hydrated}
                  leftSection={
                    mode === 'edit' ? (
                      <IconDeviceFloppy size={18} aria-hidden />
                    ) : (
                      <IconSend size={18} aria-hidden />
                    )
                  }
                >
                  {mode === 'edit' ? 'Guardar cambios' : 'Crear anuncio'}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </fieldset>
    </Stack>
  );
}
