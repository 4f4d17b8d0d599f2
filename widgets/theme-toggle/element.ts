// Registers <theme-toggle>.
import { defineWidget } from '../platform/define.ts';
import iconButton from '../platform/icon-button.css?inline';
import styles from './styles.css?inline';
import { themeToggleAttributes } from '../../common/elements.ts';
import { ThemeToggle } from './ThemeToggle.tsx';

defineWidget({
  tag: 'theme-toggle',
  attributes: themeToggleAttributes,
  component: ThemeToggle,
  styles: iconButton + styles,
});
