/* Shortest path in an unweighted graph by breadth-first search (VIVERRA
 * appendix B, "shortest_path"). Reads V (2 <= V <= MAX_V), a V x V 0/1
 * adjacency matrix and the vertices start and end, checked to lie in
 * [0, V-1]. Prints "Path: u -> ... -> v" or "No path found".
 * Bounds: MAX_V = 3, so every loop runs at most 3 times (k = 5). */
#include <assert.h>
#include <stdio.h>

#define MAX_V 3

int adj[MAX_V][MAX_V];
int dist[MAX_V];
int prev[MAX_V];

/* bfs fills dist (-1: unreached) and prev from start. */
void bfs(int v, int start) {
    int queue[MAX_V];
    int head = 0, tail = 0;
    for (int i = 0; i < v; i++) {
        dist[i] = -1;
        prev[i] = -1;
    }
    dist[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        int u = queue[head++];
        for (int w = 0; w < v; w++) {
            if (adj[u][w] && dist[w] == -1) {
                dist[w] = dist[u] + 1;
                prev[w] = u;
                queue[tail++] = w;
            }
        }
    }
    assert(dist[start] == 0);
    assert(tail <= v);
}

/* build_path writes the path from start to end into path and returns its
 * length, or 0 when end is unreachable. */
int build_path(int end, int *path) {
    if (dist[end] < 0) return 0;
    int len = dist[end] + 1;
    int cur = end;
    for (int i = len - 1; i >= 0; i--) {
        path[i] = cur;
        cur = prev[cur];
    }
    assert(path[len - 1] == end);
    return len;
}

int main(void) {
    int v, start, end;
    int path[MAX_V];
    if (scanf("%d", &v) != 1 || v < 2 || v > MAX_V) {
        printf("Invalid input\n");
        return 1;
    }
    for (int i = 0; i < v; i++) {
        for (int j = 0; j < v; j++) {
            int x;
            if (scanf("%d", &x) != 1 || (x != 0 && x != 1)) {
                printf("Invalid input\n");
                return 1;
            }
            adj[i][j] = x;
        }
    }
    if (scanf("%d %d", &start, &end) != 2 || start < 0 || start >= v || end < 0 || end >= v) {
        printf("Invalid vertices\n");
        return 1;
    }
    assert(start >= 0 && start < v && end >= 0 && end < v);
    assert(start != end);
    bfs(v, start);
    int len = build_path(end, path);
    assert(len >= 0 && len <= v);
    assert(len > 0);
    assert(dist[end] >= 0);
    assert(path[0] == start);
    assert(len == 0 || path[0] == start);
    assert(dist[end] <= v - 1);
    if (len == 0) {
        printf("No path found\n");
        return 0;
    }
    printf("Path: %d", path[0]);
    for (int i = 1; i < len; i++) printf(" -> %d", path[i]);
    printf("\n");
    return 0;
}
