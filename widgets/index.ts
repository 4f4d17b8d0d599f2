// The site's widget entry: registers the custom elements present on the page (each loaded on demand).
export {};
