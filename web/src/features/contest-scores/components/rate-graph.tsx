/** Bar width and gap in the graph's own units (a 48-hour contest draws 144 wide). */
const BAR = 2;
const STEP = 3;
const HEIGHT = 20;

/** A station's rate graph on the board: its counted contacts in each hour of the contest, as bars. */
export function RateGraph({ call, hours }: { call: string; hours: readonly number[] }) {
  if (hours.length === 0) return null;
  const peak = Math.max(...hours);
  const total = hours.reduce((sum, n) => sum + n, 0);
  const label = `${call}: ${total} ${total === 1 ? 'QSO' : 'QSOs'} in ${hours.length} ${hours.length === 1 ? 'hour' : 'hours'}, at most ${peak} in one hour${hours.length > 1 ? `, ${hours.at(-1)} in the last` : ''}`;
  return (
    <svg className="rate-graph" viewBox={`0 0 ${hours.length * STEP} ${HEIGHT}`} width={hours.length * STEP} height={HEIGHT} role="img" aria-label={label}>
      <rect className="rate-graph-base" x={0} y={HEIGHT - 0.5} width={hours.length * STEP} height={0.5} />
      {hours.map((n, hour) => {
        if (n === 0) return null;
        const height = Math.max(1, Math.round((n / peak) * HEIGHT * 10) / 10);
        return <rect key={hour} x={hour * STEP} y={HEIGHT - height} width={BAR} height={height} />;
      })}
    </svg>
  );
}
