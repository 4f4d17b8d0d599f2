// The stand-alone script for other sites: registers every element and the code-block behaviours in one
// classic script (IIFE). Safe to include twice: every registration checks what already exists. The widgets
// find the docs site from this script's own URL (embed-base.ts, first) and touch nothing of the host page.
import './embed-base.ts';
import './theme-toggle/element.ts';
import './copy-markdown/element.ts';
import './pm-tabs/element.ts';
import './tools-menu/element.ts';
import './doc-search/element.ts';
import { installCodeActions } from './content/code-actions.ts';
import { installTooltips } from './content/tooltip.ts';

installCodeActions();
installTooltips();
