"""The typed memory graph over networkx: building, spreading activation, communities.

Only pure-Python networkx calls are used (no pagerank/numpy), so this runs in Pyodide.
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

from memlace.models import Edge


def new_graph() -> nx.MultiDiGraph:
    return nx.MultiDiGraph()


def add_edges(graph: nx.MultiDiGraph, edges: Iterable[Edge]) -> None:
    for edge in edges:
        graph.add_edge(edge.source, edge.target, key=edge.type.value, weight=edge.weight, confidence=edge.confidence)


def remove_edge(graph: nx.MultiDiGraph, source: str, target: str, edge_type: str) -> None:
    if graph.has_edge(source, target, key=edge_type):
        graph.remove_edge(source, target, key=edge_type)


def remove_node(graph: nx.MultiDiGraph, node: str) -> None:
    if node in graph:
        graph.remove_node(node)


def neighbours(graph: nx.MultiDiGraph, node: str) -> Iterable[tuple[str, str, float, float]]:
    """(neighbour, edge type, weight, confidence) over edges in both directions, in a stable order."""
    if node not in graph:
        return []
    out = []
    for _, other, key, data in graph.out_edges(node, keys=True, data=True):
        out.append((other, key, data.get("weight", 1.0), data.get("confidence", 1.0)))
    for other, _, key, data in graph.in_edges(node, keys=True, data=True):
        out.append((other, key, data.get("weight", 1.0), data.get("confidence", 1.0)))
    out.sort(key=lambda item: (item[1], item[0]))
    return out


def spread(
    graph: nx.MultiDiGraph,
    seeds: dict[str, float],
    type_weights: dict[str, float],
    hops: int,
    decay: float,
    max_degree: int = 200,
) -> dict[str, tuple[float, str]]:
    """Spreading activation from seeds: node -> (activation, 'edge_type@hop' of its best path).

    Each hop multiplies by the edge type's weight, the edge's weight and confidence,
    and the decay; activation reaching a node adds up over paths. Hubs with more
    than max_degree edges pass activation on with a 1/sqrt(degree) damping so one
    common entity does not flood the pack.
    """
    reached: dict[str, list] = {}
    frontier = dict(seeds)
    for hop in range(1, hops + 1):
        following: dict[str, float] = {}
        for node in sorted(frontier):
            energy = frontier[node]
            links = list(neighbours(graph, node))
            if not links:
                continue
            damping = 1.0 if len(links) <= max_degree else (max_degree / len(links)) ** 0.5
            for other, edge_type, weight, confidence in links:
                type_weight = type_weights.get(edge_type, 0.3)
                if type_weight <= 0 or other in seeds:
                    continue
                gain = energy * type_weight * weight * confidence * decay * damping
                if gain <= 1e-6:
                    continue
                following[other] = following.get(other, 0.0) + gain
                best = reached.get(other)
                if best is None:
                    reached[other] = [gain, f"{edge_type}@{hop}"]
                else:
                    if gain > best[0] and best[1].endswith(f"@{hop}"):
                        best[1] = f"{edge_type}@{hop}"
                    best[0] += gain
        frontier = following
    return {node: (value[0], value[1]) for node, value in reached.items()}


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
