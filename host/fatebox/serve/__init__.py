# fatebox serve (docs/serve.md): the box's port, its results live on a page, webhooks, speech.
