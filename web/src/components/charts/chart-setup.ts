/**
 * chart.js with only what the charts draw (bar, doughnut and line charts): tree-shaken, and
 * loaded with the chunks of the pages that draw charts (/stats, /admin/stats) alone (decision 0037).
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(BarController, BarElement, DoughnutController, ArcElement, LineController, LineElement, PointElement, Filler, CategoryScale, LinearScale, Tooltip, Legend);

export { Chart };
export type { ChartConfiguration, ChartType } from 'chart.js';
