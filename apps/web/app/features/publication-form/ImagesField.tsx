import { fileNameSchema } from '@eco/domain/schemas/publication';
import { ActionIcon, Badge, Button, FileButton, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import type { FormImage } from './publication-form-values';
import { uploadImage } from '../../lib/upload-image';
import classes from './ImagesField.module.css';
import { BAD_FILE, IMAGE_REMOVED, UPLOAD_FAILED, UPLOAD_SUCCEEDED } from './messages';

type Upload = { id: number; name: string; progress: number };

type ImagesFieldProps = {
  files: FormImage[];
  error?: ReactNode;
  disabled: boolean;
  onUploaded: (image: FormImage) => void;
  onRemove: (index: number) => void;
  /** Uploads in progress: the form is not sent until they end. */
  onBusyChange: (busy: boolean) => void;
  onSessionLost: () => void;
};

/** The publication's images: several files at once, each with its progress bar, then thumbnails to remove. */
export function ImagesField({
  files,
  error,
  disabled,
  onUploaded,
  onRemove,
  onBusyChange,
  onSessionLost,
}: ImagesFieldProps) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextId = useRef(0);
  const resetRef = useRef<() => void>(null);
  const labelId = useId();
  const errorId = useId();

  function setProgress(id: number, progress: number) {
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, progress } : upload)));
  }

  async function upload(file: File, id: number) {
    try {
      const { url, thumbnailUrl } = await uploadImage(file, 'publication', (progress) =>
        setProgress(id, progress),
      );
      onUploaded({ url, thumbnailUrl });
      notifySuccess(UPLOAD_SUCCEEDED);
    } catch (failure) {
      if (failure instanceof ApiError && failure.statusCode === 401) onSessionLost();
      // The API explains refusals (not an image, too large); anything else gets the message alone.
      else if (failure instanceof ApiError && (failure.statusCode === 400 || failure.statusCode === 413)) {
        notifyError(failure.message, { title: UPLOAD_FAILED });
      } else notifyError(UPLOAD_FAILED);
    }
  }

  async function uploadAll(chosen: File[]) {
    // Lets the same files be chosen again after a failure.
    resetRef.current?.();
    const accepted = chosen.filter((file) => {
      const fileName = fileNameSchema.safeParse(file.name);
      if (!fileName.success) notifyError(fileName.error.issues[0]?.message ?? BAD_FILE);
      return fileName.success;
    });
    if (accepted.length === 0) return;
    const started = accepted.map((file) => ({ id: ++nextId.current, name: file.name, progress: 0, file }));
    setUploads((current) => [
      ...current,
      ...started.map(({ id, name, progress }) => ({ id, name, progress })),
    ]);
    onBusyChange(true);
    // One after the other: a phone's upload bandwidth is better spent on one file at a time.
    for (const { file, id } of started) {
      await upload(file, id);
      setUploads((current) => current.filter((item) => item.id !== id));
    }
    onBusyChange(false);
  }

  function remove(index: number) {
    onRemove(index);
    notifyInfo(IMAGE_REMOVED);
  }

  const uploading = uploads.length > 0;

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
      <Input.Label id={labelId} required>
        Imágenes
      </Input.Label>
      <Text size="xs" c="dimmed" mt={-6}>
        La primera es la portada del anuncio. JPG, PNG o WebP de hasta 10 MB cada una.
      </Text>
      {files.length > 0 && (
        <ul className={classes.thumbnails}>
          {files.map((file, index) => (
            <li key={file.url} className={classes.thumbnail}>
              <img
                src={file.thumbnailUrl}
                alt={`Imagen ${index + 1} del anuncio`}
                className={classes.image}
                loading="lazy"
              />
              {index === 0 && (
                <Badge size="xs" variant="filled" className={classes.cover}>
                  Portada
                </Badge>
              )}
              <ActionIcon
                className={classes.remove}
                color="red"
                variant="filled"
                radius="xl"
                size="md"
                aria-label="Quitar imagen"
                title={`Quitar la imagen ${index + 1}`}
                disabled={disabled}
                onClick={() => remove(index)}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </li>
          ))}
        </ul>
      )}
      {uploads.map((item) => (
        <Stack key={item.id} gap={4}>
          <Text size="xs" truncate>
            {item.name}
          </Text>
          <Progress
            value={item.progress}
            size="lg"
            radius="xl"
            striped
            animated
            aria-label={`Subiendo ${item.name}`}
          />
        </Stack>
      ))}
      <Group>
        <FileButton
          multiple
          accept="image/*"
          resetRef={resetRef}
          disabled={disabled || uploading}
          onChange={(chosen) => void uploadAll(chosen)}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              disabled={disabled || uploading}
              leftSection={<IconPhotoPlus size={18} aria-hidden />}
            >
              Subir imágenes
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <Input.Error id={errorId} role="alert">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
