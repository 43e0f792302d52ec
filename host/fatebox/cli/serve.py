# `fatebox serve`: the box's results live, on a page, to webhooks and aloud,
# while other fatebox commands reach the box through it (docs/serve.md).
import click

DEFAULT_LISTEN = "127.0.0.1:8766"      # fatebox.serve.run's (not imported here: the CLI starts fast)


@click.command("serve")
@click.option("--port", "-p", "port", default=None, metavar="auto|PATH|URL",
              help="The box: auto (a board on USB, else the running `fatebox sim`), a path, or a pyserial URL.")
@click.option("--listen", default=DEFAULT_LISTEN, show_default=True, metavar="HOST:PORT",
              help="Where the page listens; port 0 picks a free one. Off the loopback a token is required.")
@click.option("--token", default=None, metavar="TEXT",
              help="The page's token (default: one made up when --listen is not the loopback).")
@click.option("--webhook", "webhooks", multiple=True, metavar="URL",
              help="POST each result's JSON here (any number; Idempotency-Key: board id and seq).")
@click.option("--discord", "discords", multiple=True, metavar="URL", help="A Discord webhook: each result as an embed.")
@click.option("--vtt-origin", "vtt_origins", multiple=True, metavar="ORIGIN",
              help="A page allowed to open /vtt, as https://www.owlbear.rodeo or your Foundry's URL (any number).")
@click.option("--dddice", default=None, metavar="ROOM",
              help="Send each result's dice to this dddice room (the API key from $DDDICE_API_KEY).")
@click.option("--speak", is_flag=True, help="Say each result aloud in one short sentence (espeak-ng or pyttsx3).")
@click.option("--exit-on-disconnect", is_flag=True, help="Exit (code 4) when the box goes away, instead of waiting for it.")
def serve_command(port, listen, token, webhooks, discords, vtt_origins, dddice, speak, exit_on_disconnect):
    """Hold the box's port: every result into the records, a live feed, a page (and an OBS overlay), webhooks.

    The first line on standard output is the page's URL. Other fatebox commands
    (list, push, sync, roll) work meanwhile: `--port auto` finds serve first.
    """
    from fatebox.serve.run import serve
    from fatebox.cli.session import current
    run = current()
    serve(run.spec(port), run.db, run.timeout, listen, token, webhooks, discords, speak, exit_on_disconnect,
          vtt_origins=vtt_origins, dddice=dddice)
