// Browser assets: the theme CSS and the widget entry, hashed, with a manifest the layouts read.
import { defineConfig } from 'vite';

export default defineConfig({
  // Relative asset URLs: the site works under any base path.
  base: './',
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: '.build/assets',
    emptyOutDir: true,
    manifest: true,
    assetsDir: '',
    target: 'es2022',
    modulePreload: false,
    rolldownOptions: {
      input: ['widgets/index.ts', 'styles/index.css'],
    },
  },
});
