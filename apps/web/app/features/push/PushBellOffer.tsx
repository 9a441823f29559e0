import { PUSH_KINDS } from '@eco/domain';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySaved } from '../../lib/notify';
import { currentSubscription, enablePush, PushPermissionDenied, pushSupport } from './push-device';
import { PUSH_TEXTS } from './push-texts';

/**
 * Under the bell's notifications: turn push on for this device with one tap (every kind; the settings choose), or,
 * once on, a link to choose the kinds. Nothing when the browser cannot receive pushes.
 */
export function PushBellOffer() {
  const [state, setState] = useState<'hidden' | 'off' | 'on' | 'denied'>('hidden');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const support = pushSupport();
    if (support === 'unsupported') return;
    void currentSubscription().then((subscription) => {
      if (!cancelled) setState(subscription !== null ? 'on' : support === 'denied' ? 'denied' : 'off');
    });
    return () => {
      cancelled = true;
    };
  }, []);

  async function enable() {
    setBusy(true);
    try {
      await enablePush(PUSH_KINDS);
      setState('on');
      notifySaved(PUSH_TEXTS.enabled);
    } catch (error) {
      if (error instanceof PushPermissionDenied) setState('denied');
      else notifyError(error instanceof DOMException ? PUSH_TEXTS.failed : errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const choose = (
    <Anchor component={Link} to="/dashboard/settings#notificaciones-push" size="sm">
      {PUSH_TEXTS.bellChoose}
    </Anchor>
  );
  if (state === 'hidden') return null;
  if (state === 'denied') {
    return (
      <Alert color="yellow" variant="light">
        {PUSH_TEXTS.denied}
      </Alert>
    );
  }
  if (state === 'on') {
    return (
      <Text size="sm" ta="center">
        {PUSH_TEXTS.bellOn} {choose}
      </Text>
    );
  }
  return (
    <Button variant="light" onClick={() => void enable()} loading={busy}>
      {PUSH_TEXTS.bellOffer}
    </Button>
  );
}
