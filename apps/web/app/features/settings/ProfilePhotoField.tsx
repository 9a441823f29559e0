import { fileNameSchema } from '@eco/domain/schemas/publication';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { uploadImage } from '../../lib/upload-image';
import { UserAvatar } from '../users/UserAvatar';

const UPLOAD_FAILED = 'Se ha producido un inconveniente al subir la imagen de perfil';

type ProfilePhotoFieldProps = {
  name: string;
  pictureUrl: string;
  /** Read-only form: the photo can be changed only while editing. */
  disabled: boolean;
  onUploaded: (url: string) => void;
};

/** The profile photo and its upload button, with a real progress bar while the file travels. */
export function ProfilePhotoField({ name, pictureUrl, disabled, onUploaded }: ProfilePhotoFieldProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const resetRef = useRef<() => void>(null);
  const uploading = progress !== null;

  async function upload(file: File | null) {
    // Lets the same file be chosen again after a failure.
    resetRef.current?.();
    if (!file) return;
    const fileName = fileNameSchema.safeParse(file.name);
    if (!fileName.success) {
      notifyError(fileName.error.issues[0]?.message ?? 'El archivo es incorrecto');
      return;
    }
    setProgress(0);
    try {
      const { url } = await uploadImage(file, 'profile', setProgress);
      onUploaded(url);
      notifySuccess('Subida exitosa!');
    } catch (error) {
      // The API explains refusals (not an image, too large); anything else gets the message alone.
      if (error instanceof ApiError && (error.statusCode === 400 || error.statusCode === 413)) {
        notifyError(error.message, { title: UPLOAD_FAILED });
      } else {
        notifyError(UPLOAD_FAILED);
      }
    } finally {
      setProgress(null);
    }
  }

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <UserAvatar name={name} pictureUrl={pictureUrl || null} size={96} />
      <Stack gap="xs" flex={1} miw={0}>
        <FileButton
          onChange={(file) => void upload(file)}
          accept="image/*"
          resetRef={resetRef}
          disabled={disabled || uploading}
        >
          {(props) => (
            <Button
              {...props}
              disabled={disabled || uploading}
              variant="light"
              leftSection={<IconUpload size={18} aria-hidden />}
              w="fit-content"
            >
              Subir foto
            </Button>
          )}
        </FileButton>
        {uploading ? (
          <Progress value={progress} size="lg" radius="xl" striped animated aria-label="Subiendo la foto" />
        ) : (
          <Text size="xs" c="dimmed">
            {disabled
              ? 'Presiona «Editar» para cambiar tu foto.'
              : 'Una imagen JPG, PNG o WebP de hasta 10 MB.'}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
