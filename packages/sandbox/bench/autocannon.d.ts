// The slice of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Client {
    setHeaders(headers: Record<string, string>): void;
    on(event: 'response', listener: () => void): void;
  }
  interface Options {
    url: string;
    connections?: number;
    amount?: number;
    duration?: number;
    setupClient?: (client: Client) => void;
  }
  interface Result {
    requests: { total: number; average: number };
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
