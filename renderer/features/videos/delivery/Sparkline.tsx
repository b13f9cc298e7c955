/** Requests per bucket over the range as small bars, the bucket size written under them (an image with its numbers as its name). */
import { fitBuckets, formatBucket, rangeWords } from './delivery-format';

const WIDTH = 264;
const HEIGHT = 40;

interface Props {
  readonly counts: readonly number[];
  readonly bucketMinutes: number;
  readonly range: '24h' | '3d';
}

export function Sparkline({ counts: raw, bucketMinutes: rawMinutes, range }: Props) {
  const { counts, bucketMinutes } = fitBuckets(raw, rawMinutes, WIDTH);
  const most = Math.max(0, ...counts);
  const total = counts.reduce((a, b) => a + b, 0);
  const step = counts.length > 0 ? WIDTH / counts.length : WIDTH;
  const bucket = formatBucket(bucketMinutes);
  const label = `Requests per ${bucket} over the ${rangeWords(range)}: ${total.toLocaleString()} in all, at most ${most.toLocaleString()} in one ${bucket}`;
  return (
    <figure className="delivery-spark" data-testid="delivery-sparkline" data-buckets={counts.length} data-total={total}>
      <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} preserveAspectRatio="none">
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="delivery-spark-axis" />
        {most > 0 &&
          counts.map((n, i) => {
            const h = n === 0 ? 0 : Math.max(1, (n / most) * (HEIGHT - 2));
            return <rect key={i} x={i * step + 0.5} y={HEIGHT - 1 - h} width={Math.max(1, step - 1)} height={h} className="delivery-spark-bar" />;
          })}
      </svg>
      <figcaption className="muted small tabular">
        Requests per {bucket} · peak {most.toLocaleString()}
      </figcaption>
    </figure>
  );
}
