// Mantine's CSS helpers (rem(), light-dark(), breakpoint mixins) in the app's CSS modules.
export default { plugins: { "postcss-preset-mantine": {} } };
