import { PUSH_KIND_LABELS, PUSH_KINDS, type PushKind } from '@eco/domain';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySaved } from '../../lib/notify';
import {
  currentSubscription,
  disablePush,
  enablePush,
  listDevices,
  PushPermissionDenied,
  pushSupport,
  removeDevice,
  type PushDevice,
  type PushSupport,
} from './push-device';
import { deviceName, PUSH_TEXTS } from './push-texts';

export const PUSH_SECTION_ID = 'notificaciones-push';

/**
 * Settings: push notifications on this device (which kinds), and every device of the member, removable one by one.
 * It needs the browser's push and service worker: without scripts nothing of it could work, so it renders once the
 * page runs (the e-mail notices above work either way).
 */
export function PushSettingsCard() {
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [devices, setDevices] = useState<PushDevice[]>([]);
  const [kinds, setKinds] = useState<PushKind[]>([...PUSH_KINDS]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const [subscription, list] = await Promise.all([currentSubscription(), listDevices().catch(() => [])]);
      if (cancelled) return;
      // Known only in the browser: the server renders nothing of the card.
      setSupport(pushSupport());
      setDevices(list);
      const mine = subscription && list.find((device) => device.endpoint === subscription.endpoint);
      setEndpoint(mine ? mine.endpoint : null);
      if (mine) setKinds(mine.kinds);
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  async function run(task: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await task();
    } catch (error) {
      if (error instanceof PushPermissionDenied) {
        setSupport('denied');
        setProblem(PUSH_TEXTS.denied);
      } else if (error instanceof DOMException) {
        setProblem(PUSH_TEXTS.failed);
      } else {
        notifyError(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  }

  const enable = () =>
    run(async () => {
      const wasOn = endpoint !== null;
      const device = await enablePush(kinds);
      setEndpoint(device.endpoint);
      setDevices(await listDevices());
      notifySaved(wasOn ? PUSH_TEXTS.updated : PUSH_TEXTS.enabled);
    });

  const disable = () =>
    run(async () => {
      await disablePush();
      setEndpoint(null);
      setDevices(await listDevices());
      notifySaved(PUSH_TEXTS.disabled);
    });

  const remove = (device: PushDevice) =>
    run(async () => {
      if (device.endpoint === endpoint) await disablePush();
      else await removeDevice(device.endpoint);
      if (device.endpoint === endpoint) setEndpoint(null);
      setDevices(await listDevices());
      notifySaved(PUSH_TEXTS.removed);
    });

  if (support === null) return null;

  return (
    <Paper
      withBorder
      p={{ base: 'md', xs: 'lg' }}
      component="section"
      aria-labelledby="push-heading"
      id={PUSH_SECTION_ID}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="push-heading">
          {PUSH_TEXTS.title}
        </Title>
        <Text size="sm" c="dimmed">
          {PUSH_TEXTS.description}
        </Text>
        {support === 'unsupported' ? (
          <Alert color="yellow" variant="light">
            {PUSH_TEXTS.unsupported}
          </Alert>
        ) : (
          <>
            <Checkbox.Group
              label={PUSH_TEXTS.kinds}
              value={kinds}
              onChange={(value) => setKinds(PUSH_KINDS.filter((kind) => value.includes(kind)))}
            >
              <Stack gap={6} mt={6}>
                {PUSH_KINDS.map((kind) => (
                  <Checkbox key={kind} value={kind} label={PUSH_KIND_LABELS[kind]} />
                ))}
              </Stack>
            </Checkbox.Group>
            {problem !== null && (
              <Alert color="red" variant="light" role="alert">
                {problem}
              </Alert>
            )}
            <Group gap="sm">
              <Button onClick={() => void enable()} loading={busy} disabled={kinds.length === 0}>
                {endpoint === null ? PUSH_TEXTS.enable : PUSH_TEXTS.update}
              </Button>
              {endpoint !== null && (
                <Button variant="default" onClick={() => void disable()} disabled={busy}>
                  {PUSH_TEXTS.disable}
                </Button>
              )}
            </Group>
          </>
        )}
        <Title order={3} size="h5" mt="xs">
          {PUSH_TEXTS.devices}
        </Title>
        {devices.length === 0 ? (
          <Text size="sm">{PUSH_TEXTS.noDevices}</Text>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={PUSH_TEXTS.devices}
          >
            {devices.map((device) => {
              const name = deviceName(device.userAgent);
              const here = device.endpoint === endpoint;
              return (
                <Group component="li" key={device.endpoint} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {name}
                    {here ? ` (${PUSH_TEXTS.thisDevice})` : ''} ·{' '}
                    {device.kinds.map((kind) => PUSH_KIND_LABELS[kind]).join(', ')}
                  </Text>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    disabled={busy}
                    onClick={() => void remove(device)}
                    aria-label={`${PUSH_TEXTS.remove} ${name}${here ? ` (${PUSH_TEXTS.thisDevice})` : ''}`}
                  >
                    {PUSH_TEXTS.remove}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
