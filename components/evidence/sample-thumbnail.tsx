// A sample's image as a small thumbnail (lists, query results, disagreements). Always the portal's
// own copy (lib/images/urls): an uploaded image_url is never put in front of a viewer's browser.
import { thumbnailOf } from "@/lib/images/urls";

export function SampleThumbnail({ image, id, size = 64 }: { image: string | null; id: string; size?: number }) {
  if (!image) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the thumbnail is made at import (WebP, ≤ 256 px) and cached forever; nothing for next/image to add
    <img
      src={thumbnailOf(image)}
      alt={`Image of sample ${id}`}
      width={size}
      height={size}
      loading="lazy"
      data-testid="sample-thumbnail"
      className="shrink-0 rounded border border-slate-200 bg-slate-50 object-contain"
      style={{ width: size, height: size }}
    />
  );
}
