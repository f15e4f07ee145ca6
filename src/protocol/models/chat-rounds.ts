// Its own module so that the page's first screen (the kept Chat settings) takes the number without the chat loop and its schema validator.

/** Tool rounds one message of the person may cause before the loop stops and says so (the Chat setting's default). */
export const MAX_TOOL_ROUNDS = 10;
