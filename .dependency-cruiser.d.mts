import type { IConfiguration } from 'dependency-cruiser';
declare const config: IConfiguration & {
  forbidden: NonNullable<IConfiguration['forbidden']>;
  options: NonNullable<IConfiguration['options']>;
};
export default config;
