// Registers <theme-toggle>.
import { defineWidget } from '../platform/define.ts';
import styles from './styles.css?inline';
import { ThemeToggle, themeToggleAttributes } from './ThemeToggle.tsx';

defineWidget({ tag: 'theme-toggle', attributes: themeToggleAttributes, component: ThemeToggle, styles });
