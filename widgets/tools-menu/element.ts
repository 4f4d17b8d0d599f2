// Registers <tools-menu>.
import { defineWidget } from '../platform/define.ts';
import iconButton from '../platform/icon-button.css?inline';
import popover from './popover.css?inline';
import styles from './styles.css?inline';
import { toolsMenuAttributes } from '../../common/elements.ts';
import { ToolsMenu } from './ToolsMenu.tsx';

defineWidget({
  tag: 'tools-menu',
  attributes: toolsMenuAttributes,
  component: ToolsMenu,
  styles: iconButton + styles + popover,
});
