import { avatarSrc } from '@need40/shared';

interface Props {
  /** profiles.avatar_url: a web address or a path in the avatars bucket (the kernel's avatarSrc). */
  url: string | null | undefined;
  name: string;
  /** The CSS size in pixels (the image asked for is twice that, square). */
  px: number;
  className?: string;
}

/** A member's photo at `px`, or their initial when they have none. Decorative: the name is next to it. */
export function Avatar({ url, name, px, className }: Props) {
  const src = avatarSrc(url, px);
  return src ? (
    <img className={className} src={src} alt="" width={px} height={px} loading="lazy" />
  ) : (
    <span className={className} aria-hidden="true">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
