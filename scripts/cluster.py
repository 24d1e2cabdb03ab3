#!/usr/bin/env python3
"""A Hearth cluster on this machine: a new database on a PostgreSQL server, several release servers
that share it, one secret key and one media folder, and nginx in front of them, round-robin.

    make cluster                  # three servers behind nginx until Ctrl-C; prints the address
    with Cluster(binary, postgres_url) as cluster: cluster.base, cluster.kill(1), cluster.restart(1)

`make cluster` runs it beside a throwaway PostgreSQL (scripts/with-postgres.sh); CLUSTER_PORT
(default 8080) is nginx's port, HEARTH_BIN another binary than the release build.
"""

import base64
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hearth_server import RELEASE_BINARY, HearthServer, build_release, free_port  # noqa: E402

NGINX_CONFIG = """
worker_processes 1;
daemon off;
{user}
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    upstream hearth {{
{servers}
        keepalive 64;
        keepalive_timeout 20s;  # shorter than the servers' 30-second idle timeout
    }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 100m;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        # A server that is down is skipped (a request that never reached it goes to the next one);
        # a request it was answering when it died gets 502, and the client tries again.
        proxy_next_upstream error timeout;
        proxy_connect_timeout 2s;
        location / {{
            proxy_pass http://hearth;
        }}
        # Server-sent events: passed on as they come, and kept open while the server sends its
        # keep-alive comment every 25 seconds.
        location /api/v1/events {{
            proxy_pass http://hearth;
            proxy_buffering off;
            proxy_cache off;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""


class Cluster:
    """A database, `size` servers on it and nginx before them; started by `with` or `start()`."""

    def __init__(self, binary, postgres_url, size=3, port=None, env=None):
        self.admin_url = postgres_url
        self.database = "cluster_" + os.urandom(6).hex()
        self.database_url = postgres_url.rsplit("/", 1)[0] + "/" + self.database
        self.folder = tempfile.mkdtemp(prefix="hearth-cluster-")
        self.media = os.path.join(self.folder, "media")
        shared = {
            "HEARTH_SECRET_KEY": base64.b64encode(os.urandom(32)).decode(),
            "HEARTH_MEDIA_DIR": self.media,
            "HEARTH_TRUSTED_PROXIES": "127.0.0.1",
            **(env or {}),
        }
        self.servers = [HearthServer(binary=binary, database_url=self.database_url, env=shared,
                                     data_dir=os.path.join(self.folder, f"server{index + 1}")) for index in range(size)]
        for server in self.servers:
            os.makedirs(server.data_dir, exist_ok=True)
        self.port = port or free_port()
        self.nginx = None

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *failure):
        self.remove()

    def start(self):
        try:
            subprocess.run(["psql", self.admin_url, "-qc", f"CREATE DATABASE {self.database}"], check=True, capture_output=True)
            for server in self.servers:  # one after the other: the first applies the migrations
                server.start()
            self.start_nginx()
        except BaseException:
            self.remove()  # nothing left running when it could not start
            raise

    def start_nginx(self):
        folder = os.path.join(self.folder, "nginx")
        os.makedirs(folder, exist_ok=True)
        servers = "\n".join(f"        server 127.0.0.1:{server.port} max_fails=1 fail_timeout=2s;" for server in self.servers)
        # Run as root (CI), nginx would hand its workers to `nobody`, who cannot enter this folder.
        user = "user root;" if os.geteuid() == 0 else ""
        config = os.path.join(folder, "nginx.conf")
        with open(config, "w") as handle:
            handle.write(NGINX_CONFIG.format(user=user, folder=folder, servers=servers, port=self.port))
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"  # /usr/sbin is not on every user's PATH
        self.nginx = subprocess.Popen([nginx, "-p", folder, "-c", config], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.base + "/health", timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass
            if self.nginx.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"nginx did not start:\n{open(os.path.join(folder, 'error.log')).read()[-2000:]}")
            time.sleep(0.05)  # polling interval while nginx starts

    def kill(self, index):
        """SIGKILL of one server, and a line in its log that says so (its run ends there)."""
        server = self.servers[index]
        server.kill()
        with open(server.log_path, "a") as log:
            log.write("--- killed ---\n")

    def restart(self, index):
        self.servers[index].start()

    def remove(self):
        if self.nginx and self.nginx.poll() is None:
            self.nginx.terminate()
            self.nginx.wait(timeout=10)
        for server in self.servers:
            server.stop()
        subprocess.run(["psql", self.admin_url, "-qc", f"DROP DATABASE IF EXISTS {self.database} WITH (FORCE)"], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)

    def sql(self, query):
        """Rows of a query on the cluster's database, each a list of strings."""
        output = subprocess.run(["psql", self.database_url, "-AtF", "\t", "-c", query], check=True, capture_output=True, text=True).stdout
        return [line.split("\t") for line in output.splitlines() if line]


def main():
    postgres = os.environ.get("HEARTH_TEST_POSTGRES_URL")
    if not postgres:
        sys.exit("Run it through `make cluster`, which starts a throwaway PostgreSQL.")
    binary = os.environ.get("HEARTH_BIN")
    if not binary:
        build_release()
    port = int(os.environ.get("CLUSTER_PORT", "8080"))
    with Cluster(binary or RELEASE_BINARY, postgres, port=port) as cluster:
        print(f"Hearth cluster at {cluster.base} (nginx, round-robin)")
        for index, server in enumerate(cluster.servers):
            print(f"  server {index + 1}: {server.base}, pid {server.pid}, log {server.log_path}")
        print(f"  PostgreSQL: {cluster.database_url}\n  media folder: {cluster.media}\nCtrl-C stops it and removes everything.")
        stopped = []
        signal.signal(signal.SIGTERM, lambda *_: stopped.append(True))
        try:
            while not stopped:
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
