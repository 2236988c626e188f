// axe-core's WCAG 2.2 A and AA rules at 0 violations on every page an admin can see, both themes, desktop
// and a 360 x 740 phone (the pages and the rules: axe-pages.js).
import { pageMatrix } from './axe-pages.js';

pageMatrix('admin');
