/* Connected components of an undirected graph (VIVERRA appendix B,
 * "connected_component"). Reads V (1 <= V <= MAX_V) and a V x V 0/1
 * adjacency matrix; a matrix that is not symmetric is rejected. Prints the
 * vertices of each component in ascending order, one component a line.
 * Bounds: MAX_V = 3, so every loop runs at most 3 times (k = 5). */
#include <assert.h>
#include <stdio.h>

#define MAX_V 3

int adj[MAX_V][MAX_V];
int comp[MAX_V];

/* is_symmetric reports whether adj[0..v)[0..v) equals its transpose. */
int is_symmetric(int v) {
    for (int i = 0; i < v; i++)
        for (int j = 0; j < v; j++)
            if (adj[i][j] != adj[j][i]) return 0;
    return 1;
}

/* edges_respected reports whether every edge joins two vertices of one
 * component. */
int edges_respected(int v) {
    for (int i = 0; i < v; i++)
        for (int j = 0; j < v; j++)
            if (adj[i][j] && comp[i] != comp[j]) return 0;
    return 1;
}

/* read_graph reads the matrix; it returns 0 on bad input. */
int read_graph(int v) {
    for (int i = 0; i < v; i++) {
        for (int j = 0; j < v; j++) {
            int x;
            if (scanf("%d", &x) != 1 || (x != 0 && x != 1)) return 0;
            adj[i][j] = x;
        }
    }
    if (!is_symmetric(v)) return 0;
    assert(is_symmetric(v));
    return 1;
}

/* label labels every vertex with its component, numbered in discovery
 * order, by a breadth-first search with an explicit queue. It returns the
 * number of components. */
int label(int v) {
    int queue[MAX_V];
    int ncomp = 0;
    for (int i = 0; i < v; i++) comp[i] = -1;
    for (int s = 0; s < v; s++) {
        if (comp[s] != -1) continue;
        int head = 0, tail = 0;
        queue[tail++] = s;
        comp[s] = ncomp;
        while (head < tail) {
            int u = queue[head++];
            for (int w = 0; w < v; w++) {
                if (adj[u][w] && comp[w] == -1) {
                    comp[w] = ncomp;
                    queue[tail++] = w;
                }
            }
        }
        ncomp++;
    }
    assert(ncomp >= 1 && ncomp <= v);
    assert(comp[0] == 0);
    assert(edges_respected(v));
    return ncomp;
}

int main(void) {
    int v;
    if (scanf("%d", &v) != 1 || v < 1 || v > MAX_V) {
        printf("Invalid input\n");
        return 1;
    }
    if (!read_graph(v)) {
        printf("Invalid adjacency matrix\n");
        return 1;
    }
    assert(adj[0][0] == 0);
    int ncomp = label(v);
    assert(ncomp < v);
    assert(ncomp == 1);
    assert(comp[v - 1] == 0);
    int printed = 0;
    for (int c = 0; c < ncomp; c++) {
        for (int i = 0; i < v; i++) {
            if (comp[i] == c) {
                printf("%d ", i);
                printed++;
            }
        }
        printf("\n");
    }
    assert(printed == v);
    assert(comp[v - 1] <= ncomp - 1);
    return 0;
}
