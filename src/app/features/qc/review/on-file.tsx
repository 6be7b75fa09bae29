import { useEffect, useRef, useState } from 'react';
import type { CheckedItem } from '../../../../contract/checks.ts';
import type { Region } from '../../../../contract/findings.ts';
import type { RegionChannel } from '../../../pdf/regions/region-channel.ts';
import { toPercent } from '../../../pdf/regions/region-geometry.ts';
import { machineKey } from './machine.ts';
import type { MachineView } from './use-machine-review.ts';

// The seal as stamped beside the seal on file (ADR 042), "On the page | On file", in frames of
// one size: the page's region cut from the preview's drawing of it, and the gateway's copy of
// the image on file (same origin, the session's cookie).

/** The frames' side in device pixels: sharp on a 2x screen at the CSS size (machine-verdicts.css). */
const FRAME_PX = 288;

const IMAGE_WORDS = { notarySeal: 'seal', signature: 'signature' } as const;

/**
 * The seal as stamped and the seal on file, side by side; while the machine reads, the same
 * room, empty.
 */
export function SealOnFile({
  checked,
  view,
}: {
  checked: CheckedItem | undefined;
  view: MachineView;
}) {
  const [broken, setBroken] = useState(false);
  const onFile = checked?.onFile;
  const what = IMAGE_WORDS[onFile?.image ?? 'notarySeal'];
  const region = checked?.regions[0];
  const whose = onFile && view.names.get(onFile.userId);
  const similarity = onFile?.similarity;
  // Its region on the page, where the machine's is drawn now (not once taken as the reviewer's).
  const shown = checked && view.regions.find((r) => r.key === machineKey(checked.itemId, 0));
  return (
    <figure className="on-file" aria-busy={!checked}>
      <div className="on-file__pair">
        <div className="on-file__side">
          <span className="on-file__caption" aria-hidden="true">
            On the page
          </span>
          {!checked ? (
            <div className="on-file__frame" />
          ) : region ? (
            <PageCrop
              channel={view.channel}
              url={view.url}
              region={region}
              label={`The ${what} as it is on page ${region.page}`}
              onShow={shown ? () => view.channel.reveal(shown.key) : undefined}
            />
          ) : (
            <p className="on-file__frame on-file__empty">Nothing found on the page</p>
          )}
        </div>
        <div className="on-file__side">
          <span className="on-file__caption" aria-hidden="true">
            On file
          </span>
          {!onFile ? (
            <div className="on-file__frame" />
          ) : broken ? (
            <p className="on-file__frame on-file__empty">No {what} on file to show</p>
          ) : (
            <div className="on-file__frame">
              <img
                src={`/team/checks/${encodeURIComponent(view.requestId)}/on-file/${onFile.image}`}
                alt={`The ${what} on file${whose ? ` for ${whose}` : ''}`}
                onError={() => setBroken(true)}
              />
            </div>
          )}
        </div>
      </div>
      <figcaption className="on-file__note">
        {!checked
          ? 'The seal on the page and on file, once read.'
          : similarity === undefined
            ? 'On the page and on file, at one size.'
            : `${Math.round(similarity * 100)}% alike, as the machine compared them.`}
      </figcaption>
    </figure>
  );
}

/** `region` of its page as the preview has drawn it, fitted whole in the frame. */
function PageCrop({
  channel,
  url,
  region,
  label,
  onShow,
}: {
  channel: RegionChannel;
  url: string;
  region: Region;
  label: string;
  onShow: (() => void) | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const draw = () => {
      const picture = channel.picture(url, region.page);
      const target = canvas.current;
      const context = target?.getContext('2d');
      if (!picture || !target || !context) return setDrawn(false);
      const { width, height } = picture.canvas;
      const rect = toPercent(region, picture.box);
      const [sx, sy] = [(rect.left / 100) * width, (rect.top / 100) * height];
      const [sw, sh] = [(rect.width / 100) * width, (rect.height / 100) * height];
      if (sw < 1 || sh < 1) return setDrawn(false);
      target.width = FRAME_PX;
      target.height = FRAME_PX;
      const scale = Math.min(FRAME_PX / sw, FRAME_PX / sh);
      const [dw, dh] = [sw * scale, sh * scale];
      context.fillStyle = '#fff';
      context.fillRect(0, 0, FRAME_PX, FRAME_PX);
      context.drawImage(
        picture.canvas,
        sx,
        sy,
        sw,
        sh,
        (FRAME_PX - dw) / 2,
        (FRAME_PX - dh) / 2,
        dw,
        dh,
      );
      setDrawn(true);
    };
    draw();
    return channel.onPictures(draw);
  }, [channel, url, region]);
  return (
    <div className="on-file__frame">
      <canvas ref={canvas} role="img" aria-label={label} hidden={!drawn} />
      {!drawn &&
        (onShow ? (
          <button type="button" className="on-file__show" onClick={onShow}>
            Show page {region.page}
          </button>
        ) : (
          <p className="on-file__empty">Page {region.page} is not drawn yet</p>
        ))}
    </div>
  );
}
