package com.example.payouts;

/** See ParallelOrders: the first of two classes of one context, whose methods run concurrently. */
class ParallelFirstTest extends ParallelOrders {}
