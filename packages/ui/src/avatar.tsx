import { useState } from 'react';

export type AvatarSize = 'small' | 'medium' | 'large' | 'xlarge' | 'xxlarge';

/** Spec section 9, "Interface": avatars run from 24 to 40 px. */
export const AVATAR_SIZE_PX: Readonly<Record<AvatarSize, number>> = {
  small: 24,
  medium: 28,
  large: 32,
  xlarge: 36,
  xxlarge: 40,
};

const textClasses: Record<AvatarSize, string> = {
  small: 'text-[10px]',
  medium: 'text-xs',
  large: 'text-xs',
  xlarge: 'text-sm',
  xxlarge: 'text-sm',
};

/** "Ada Lovelace" → "AL", "ada" → "A": the first letters of the first and last words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export interface AvatarProps {
  /** Whose avatar: the source of the initials and, by default, of the text alternative. */
  name: string;
  /** The picture; without one, or when it fails to load, the initials show. */
  src?: string;
  /** The text alternative, the name unless given; "" when the name is already written beside it. */
  alt?: string;
  size?: AvatarSize;
  className?: string;
}

/** A round picture of a person, or their initials. */
export function Avatar({ name, src, alt, size = 'medium', className = '' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const pixels = AVATAR_SIZE_PX[size];
  const text = alt ?? name;
  const style = { width: pixels, height: pixels };
  const shape = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${className}`;

  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt={text}
        width={pixels}
        height={pixels}
        style={style}
        className={`${shape} object-cover`}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span
      role={text ? 'img' : undefined}
      aria-label={text || undefined}
      aria-hidden={text ? undefined : true}
      style={style}
      className={`${shape} bg-brand-100 font-semibold text-brand-800 ${textClasses[size]}`}
    >
      <span aria-hidden="true">{initials(name)}</span>
    </span>
  );
}
