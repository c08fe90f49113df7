"""The typed memory graph over networkx: building, spreading activation, communities.

Only pure-Python networkx calls are used (no pagerank/numpy), so this runs in Pyodide.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import networkx as nx

from memlace.models import Edge

# The number of edges, kept up to date by the three functions below (every change to the graph goes through
# them): networkx counts a multigraph's edges by walking every node, and a chat page asks after each change.
EDGE_COUNT = "edge_count"


def new_graph() -> nx.MultiDiGraph:
    graph = nx.MultiDiGraph()
    graph.graph[EDGE_COUNT] = 0
    return graph


def edge_count(graph: nx.MultiDiGraph) -> int:
    return int(graph.graph.get(EDGE_COUNT, 0))


def add_edges(graph: nx.MultiDiGraph, edges: Iterable[Edge]) -> None:
    added = 0
    for edge in edges:
        added += not graph.has_edge(edge.source, edge.target, key=edge.type.value)  # a rewrite is not a new edge
        graph.add_edge(edge.source, edge.target, key=edge.type.value, weight=edge.weight, confidence=edge.confidence)
    graph.graph[EDGE_COUNT] = edge_count(graph) + added


def remove_edge(graph: nx.MultiDiGraph, source: str, target: str, edge_type: str) -> None:
    if graph.has_edge(source, target, key=edge_type):
        graph.remove_edge(source, target, key=edge_type)
        graph.graph[EDGE_COUNT] = edge_count(graph) - 1


def remove_node(graph: nx.MultiDiGraph, node: str) -> None:
    if node in graph:
        outgoing = sum(len(keyed) for keyed in graph._succ[node].values())
        incoming = sum(len(keyed) for keyed in graph._pred[node].values())
        loops = len(graph._succ[node].get(node, {}))  # counted in both directions, but each is one edge
        graph.remove_node(node)
        graph.graph[EDGE_COUNT] = edge_count(graph) - (outgoing + incoming - loops)


def neighbours(graph: nx.MultiDiGraph, node: str) -> list[tuple[str, str, float, float]]:
    """(neighbour, edge type, weight, confidence) over edges in both directions, in a stable order.

    Reads networkx's adjacency dicts (node -> neighbour -> edge key -> data, the structure its views
    wrap) directly: building the views cost about 8 µs a node, and retrieval asks for dozens of nodes."""
    if node not in graph:
        return []
    out = [(o, k, d.get("weight", 1.0), d.get("confidence", 1.0)) for o, keyed in graph._succ[node].items() for k, d in keyed.items()]
    out += [(o, k, d.get("weight", 1.0), d.get("confidence", 1.0)) for o, keyed in graph._pred[node].items() for k, d in keyed.items()]
    out.sort(key=lambda item: (item[1], item[0]))
    return out


def targets(graph: nx.MultiDiGraph, node: str, edge_type: str) -> list[str]:
    """The nodes that node's outgoing edges of one type point to (adjacency read as in neighbours)."""
    if node not in graph:
        return []
    return [other for other, keyed in graph._succ[node].items() if edge_type in keyed]


def sources(graph: nx.MultiDiGraph, node: str, edge_type: str) -> list[str]:
    """The nodes whose outgoing edges of one type point to node."""
    if node not in graph:
        return []
    return [other for other, keyed in graph._pred[node].items() if edge_type in keyed]


def degree(graph: nx.MultiDiGraph, node: str) -> int:
    """Number of distinct neighbours, in O(1)."""
    return len(graph._succ[node]) + len(graph._pred[node]) if node in graph else 0


def spread(
    graph: nx.MultiDiGraph,
    seeds: dict[str, float],
    type_weights: dict[str, float],
    hops: int,
    decay: float,
    min_share: float = 0.01,
) -> dict[str, tuple[float, str]]:
    """Spreading activation from seeds: node -> (activation, 'edge_type@hop' of its strongest link).

    A node passes its energy on split by its degree (a random-walk step: a rare
    entity linking two memories is strong evidence, a hub that everything
    mentions is weak), times the edge type's weight, the edge's weight and
    confidence, and the decay per hop. Activation from several paths adds up.
    Gains below min_share of the strongest seed are dropped, and a node whose
    every gain would be below it is not expanded at all, so hubs cost nothing.
    """
    if not seeds:
        return {}
    floor = min_share * max(seeds.values())
    top_weight = max(type_weights.values(), default=1.0)
    reached: dict[str, list[Any]] = {}
    frontier = dict(seeds)
    for hop in range(1, hops + 1):
        following: dict[str, float] = {}
        for node in sorted(frontier):
            energy = frontier[node]
            share = min(1.0, 2.0 / max(1, degree(graph, node)))
            if energy * share * top_weight * decay < floor:
                continue
            for other, edge_type, weight, confidence in neighbours(graph, node):
                if other in seeds:
                    continue
                gain = energy * share * type_weights.get(edge_type, 0.3) * weight * confidence * decay
                if gain < floor:
                    continue
                following[other] = following.get(other, 0.0) + gain
                best = reached.get(other)
                if best is None:
                    reached[other] = [gain, gain, f"{edge_type}@{hop}"]
                else:
                    best[0] += gain
                    if gain > best[1]:
                        best[1], best[2] = gain, f"{edge_type}@{hop}"
        frontier = following
    return {node: (value[0], value[2]) for node, value in reached.items()}


def personalized_pagerank(
    graph: nx.MultiDiGraph, personalization: dict[str, float], alpha: float = 0.85, iterations: int = 30, tol: float = 1e-8
) -> dict[str, float]:
    """Personalised PageRank by power iteration in pure Python (networkx's own needs numpy)."""
    total = sum(personalization.values())
    if not total:
        return {}
    restart = {node: value / total for node, value in personalization.items() if node in graph}
    undirected = graph.to_undirected(as_view=True)
    degree = {node: undirected.degree(node, weight="weight") or 1.0 for node in undirected}
    rank = dict(restart)
    for _ in range(iterations):
        following = {node: (1 - alpha) * value for node, value in restart.items()}
        for node, value in rank.items():
            share = alpha * value / degree[node]
            for other in undirected.neighbors(node):
                weight = sum(d.get("weight", 1.0) for d in undirected.get_edge_data(node, other).values())
                following[other] = following.get(other, 0.0) + share * weight
        delta = sum(abs(following.get(n, 0.0) - rank.get(n, 0.0)) for n in set(following) | set(rank))
        rank = following
        if delta < tol:
            break
    return rank


def communities(graph: nx.MultiDiGraph, nodes: set[str], seed: int = 7) -> list[set[str]]:
    """Louvain communities of the undirected graph restricted to nodes (deterministic seed)."""
    sub = nx.Graph()
    for u, v, data in graph.edges(data=True):
        if u in nodes and v in nodes and u != v:
            previous = sub.get_edge_data(u, v, {}).get("weight", 0.0)
            sub.add_edge(u, v, weight=previous + data.get("weight", 1.0))
    if sub.number_of_edges() == 0:
        return []
    found = nx.community.louvain_communities(sub, weight="weight", seed=seed)
    return sorted((set(c) for c in found if len(c) >= 3), key=lambda c: (-len(c), min(c)))


def neighbourhood(
    graph: nx.MultiDiGraph, centers: list[str], hops: int, edge_types: set[str] | None, limit: int
) -> tuple[list[str], list[tuple[str, str, str]], bool]:
    """Nodes within `hops` of the centers (nearest first, at most `limit`), the typed edges among them,
    and whether the limit cut anything off. Edges count in both directions; other types are ignored."""
    kept: dict[str, int] = {}
    frontier = [c for c in centers if c in graph][:limit]
    for center in frontier:
        kept.setdefault(center, 0)
    truncated = False
    for hop in range(1, hops + 1):
        following: list[str] = []
        for node in frontier:
            for other, edge_type, _, _ in neighbours(graph, node):
                if (edge_types is not None and edge_type not in edge_types) or other in kept:
                    continue
                if len(kept) >= limit:
                    truncated = True
                    break
                kept[other] = hop
                following.append(other)
        frontier = following
    edges = sorted(
        (source, target, key) for source, target, key in graph.subgraph(kept).edges(keys=True) if edge_types is None or key in edge_types
    )
    return list(kept), edges, truncated
