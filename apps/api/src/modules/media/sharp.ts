import type SharpModule from 'sharp';

type Sharp = typeof SharpModule;

let loaded: Promise<Sharp> | undefined;

/**
 * sharp (libvips), loaded on the first image to process: a server that only serves pages and lists never holds
 * it (about 22 MB resident). libvips' operation cache is off (it kept decoded images of past uploads, up to
 * 50 MB by default) and each image is processed on one thread: uploads are few, memory is what a small server
 * runs out of.
 */
export function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}
