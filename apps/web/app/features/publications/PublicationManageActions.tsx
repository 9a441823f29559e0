import type { PublicationStatus } from '@eco/domain';
import { ActionIcon, Button, Group } from '@mantine/core';
import { IconEye, IconEyeOff, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { PublicationJson } from './publications';
import { canManage, editPath, isPublished, isSuperUser } from './publications';
import { deletePublication, setPublicationStatus } from './publications-requests';
import { useSession } from '../../lib/session';
import { iconTip } from '../../components/icon-tip';
import { useConfirm } from '../../components/dialogs/dialogs-context';
import { useWaiting } from '../../components/waiting/waiting-context';

export const PUBLICATION_DELETED_MESSAGE = 'El anuncio se ha eliminado exitosamente';
export const PUBLICATION_PUBLISHED_MESSAGE = 'El anuncio se ha publicado exitosamente';
export const PUBLICATION_UNPUBLISHED_MESSAGE = 'El anuncio ya no está publicado';

type PublicationManageActionsProps = {
  publication: Pick<PublicationJson, '_id' | 'title' | 'status' | 'createdBy'>;
  /** Icons on cards, labelled buttons on the publication's page. */
  variant: 'icons' | 'buttons';
  /** After a deletion; the current page's data is reloaded when absent. */
  onDeleted?: () => void;
};

type Action = {
  key: string;
  label: string;
  icon: ReactNode;
  color?: string;
  /** A change, or else `to`: a link. */
  onClick?: () => Promise<void>;
  to?: string;
};

/**
 * Edit and delete for the author and super users; publish / unpublish for super users. Each change reloads the
 * page's data, so lists and chips show the new state.
 */
export function PublicationManageActions({ publication, variant, onDeleted }: PublicationManageActionsProps) {
  const session = useSession();
  const confirm = useConfirm();
  const waiting = useWaiting();
  const revalidator = useRevalidator();
  if (!canManage(session, publication)) return null;
  const published = isPublished(publication);

  async function remove() {
    const confirmed = await confirm({
      title: 'Eliminar anuncio',
      message: `¿Quieres eliminar “${publication.title}”? Sus imágenes también se eliminarán.`,
      confirmColor: 'red',
    });
    if (!confirmed) return;
    try {
      await waiting.run(() => deletePublication(publication._id));
    } catch (error) {
      notifyError(errorMessage(error));
      return;
    }
    notifySuccess(PUBLICATION_DELETED_MESSAGE);
    if (onDeleted) onDeleted();
    else await revalidator.revalidate();
  }

  async function toggleStatus() {
    const status: PublicationStatus = published ? 0 : 1;
    try {
      await waiting.run(() => setPublicationStatus(publication._id, status));
    } catch (error) {
      notifyError(errorMessage(error));
      return;
    }
    notifySuccess(status === 1 ? PUBLICATION_PUBLISHED_MESSAGE : PUBLICATION_UNPUBLISHED_MESSAGE);
    await revalidator.revalidate();
  }

  const statusAction: Action = published
    ? {
        key: 'status',
        label: 'Despublicar',
        icon: <IconEyeOff size={18} aria-hidden />,
        onClick: toggleStatus,
      }
    : { key: 'status', label: 'Publicar', icon: <IconEye size={18} aria-hidden />, onClick: toggleStatus };
  const actions: Action[] = [
    ...(isSuperUser(session) ? [statusAction] : []),
    {
      key: 'edit',
      label: 'Editar',
      icon: <IconPencil size={18} aria-hidden />,
      to: editPath(publication._id),
    },
    {
      key: 'delete',
      label: 'Eliminar',
      icon: <IconTrash size={18} aria-hidden />,
      color: 'red',
      onClick: remove,
    },
  ];

  return (
    <Group gap={variant === 'icons' ? 4 : 'xs'} wrap={variant === 'icons' ? 'nowrap' : 'wrap'}>
      {actions.map((action) => (
        <ActionControl key={action.key} action={action} variant={variant} />
      ))}
    </Group>
  );
}

/** An action as an icon (its label is its accessible name) or as a labelled button; a link when it navigates. */
function ActionControl({ action, variant }: { action: Action; variant: 'icons' | 'buttons' }) {
  const { label, icon, color, to, onClick } = action;
  const click = onClick && (() => void onClick());
  if (variant === 'icons') {
    const iconProps = { variant: 'subtle', size: 'lg', color, ...iconTip(label, 'end') } as const;
    return to ? (
      <ActionIcon component={Link} to={to} {...iconProps}>
        {icon}
      </ActionIcon>
    ) : (
      <ActionIcon onClick={click} {...iconProps}>
        {icon}
      </ActionIcon>
    );
  }
  return to ? (
    <Button component={Link} to={to} variant="light" color={color} leftSection={icon}>
      {label}
    </Button>
  ) : (
    <Button onClick={click} variant="light" color={color} leftSection={icon}>
      {label}
    </Button>
  );
}
