// Imported first by the build script, so that what it sets holds before React and Eleventy load: React's
// production build (its development build renders the layouts several times slower and only adds warnings), and no
// ESM cache buster in Eleventy (a loader thread every later import goes through, which serves only its watch mode).
process.env.NODE_ENV ??= 'production';
process.env.ELEVENTY_SKIP_ESM_RESOLVER ??= '1';
