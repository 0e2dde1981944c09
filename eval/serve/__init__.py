"""``ragbench serve``: the reference pipeline over HTTP (FastAPI + uvicorn, ``ragbench[serve]``)."""
