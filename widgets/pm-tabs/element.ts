// Registers <pm-tabs>.
import { defineWidget } from '../platform/define.ts';
import { pmTabsAttributes } from '../../common/elements.ts';
import reset from '../platform/reset.css?inline';
import { PmTabs } from './PmTabs.tsx';
import styles from './styles.css?inline';

// The code blocks are slotted light DOM styled by the page: no text reset on the element. The tab strip is the
// widget's own, so the reset's pins apply to it instead (host CSS cannot restyle the tabs either).
const stripReset = reset.replaceAll(':host([data-upgraded])', '.tablist');

defineWidget({
  tag: 'pm-tabs',
  attributes: pmTabsAttributes,
  component: PmTabs,
  styles: [stripReset, styles],
  keepsPageText: true,
});
