"""Uploads a file to the sandbox's TUS endpoint with tuspy (Debian's python3-tuspy), a tus 1.0
client written by others, so the sandbox is checked against the protocol and not only against
our own uploader.

Usage: tus-third-party.py <request.json>, where the request names the endpoint, the file, the
bunny.net headers, the chunk size, where tuspy keeps upload URLs, and optionally where to stop
and how many times tuspy may retry a failed part. Prints one JSON line on stdout: the upload URL,
the offset tuspy started from (the server's, when it resumed a stored URL) and the offset it
reached; a failure prints the error and exits 2.
"""
import json
import sys

from tusclient import client
from tusclient.storage import filestorage


def main(path):
    with open(path, encoding="utf-8") as f:
        request = json.load(f)
    store = filestorage.FileStorage(request["store"])
    try:
        uploader = client.TusClient(request["endpoint"], headers=request["headers"]).uploader(
            file_path=request["file"],
            chunk_size=request["chunkSize"],
            metadata=request["metadata"],
            store_url=True,
            url_storage=store,
            retries=request.get("retries", 0),
            # tuspy waits this long before it asks the server for the offset and sends again.
            retry_delay=0,
        )
        started_at = uploader.offset
        try:
            uploader.upload(stop_at=request.get("stopAt"))
        except Exception as error:  # the report says what failed; the caller decides
            print(json.dumps({"url": uploader.url, "startedAt": started_at, "offset": uploader.offset, "error": repr(error)}))
            return 2
        print(json.dumps({"url": uploader.url, "startedAt": started_at, "offset": uploader.offset}))
        return 0
    finally:
        store.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
