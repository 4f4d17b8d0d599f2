// The links that ask an AI chat service about a docs page (<copy-markdown>'s Open menu; the build renders them too).

export function askPrompt(url: string): string {
  return `Read ${url}, I want to ask questions about it.`;
}

export function chatGptUrl(url: string): string {
  return `https://chatgpt.com/?hints=search&q=${encodeURIComponent(askPrompt(url))}`;
}

export function claudeUrl(url: string): string {
  return `https://claude.ai/new?q=${encodeURIComponent(askPrompt(url))}`;
}
